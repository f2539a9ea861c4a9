import { List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_RULES } from '../../../shared/password';

/** The live requirements list of spec 2.4, from the shared rules. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <List spacing={4} size="sm" aria-label="Password requirements" center>
      {PASSWORD_RULES.map((rule) => {
        const ok = rule.test(password);
        return (
          <List.Item
            key={rule.label}
            data-met={ok}
            c={ok ? 'teal' : 'dimmed'}
            icon={
              <ThemeIcon size={18} radius="xl" color={ok ? 'teal' : 'gray'} variant={ok ? 'filled' : 'light'}>
                {ok ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {rule.label}
          </List.Item>
        );
      })}
    </List>
  );
}
