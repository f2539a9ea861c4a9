import { Text, type TextProps } from '@mantine/core';

/** A name in a grid cell: cut with "…" past 200 px, the full name in its tooltip (the title). */
export function NameText({ name, ...props }: { name: string } & TextProps) {
  return (
    <Text span size="sm" className="cell-name" title={name} {...props}>
      {name}
    </Text>
  );
}
