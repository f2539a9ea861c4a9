import type { z } from 'zod';
import { fieldIssues, fieldMessages } from '../../shared/field-issues';

/** A form's validate function from a shared zod schema: the first message per field. */
export function zodValidate<T>(schema: z.ZodType<unknown, T>) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    return result.success ? {} : fieldMessages(fieldIssues(result.error));
  };
}
