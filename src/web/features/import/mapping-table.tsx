import { SimpleGrid } from '@mantine/core';
import { IMPORT_HEADERS, type ImportField, type ImportKind, importFields } from '../../../shared/import-fields';
import type { ImportResult } from '../../../shared/schemas/import';
import { Select } from '../../components/select';

/** One select per product field: the file's column it reads (detected, or chosen). */
export function MappingTable({
  kind,
  result,
  onChange,
}: {
  kind: ImportKind;
  result: ImportResult;
  onChange: (field: ImportField, header: string | null) => void;
}) {
  const options = [...new Set(result.headers.filter((h) => h !== ''))];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      {importFields(kind).map((field) => {
        const index = result.columns[field];
        return (
          <Select
            key={field}
            label={IMPORT_HEADERS[field].label}
            placeholder="No column"
            data={options}
            value={index === undefined ? null : result.headers[index]}
            onChange={(v) => onChange(field, v)}
            clearable
            allowDeselect={false}
          />
        );
      })}
    </SimpleGrid>
  );
}
