/**
 * What a name, email or other short text typed by a person may hold. Control characters (C0, DEL, C1),
 * bidirectional overrides and isolates (which reorder what a reader sees, e.g. U+202E), and lone
 * surrogate halves are refused; so is a text made only of invisible characters (zero-width spaces,
 * joiners, fillers), which would look blank in every list. Nothing is stripped: the text is saved as
 * typed or refused.
 */
const CONTROL = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}]*$/u;

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control or invisible formatting characters';

export type TextProblem = 'control' | 'invisible';

/** Why `value` cannot be saved as a name-like text, or null when it can. */
export function textProblem(value: string): TextProblem | null {
  if (CONTROL.test(value) || LONE_SURROGATE.test(value)) return 'control';
  if (INVISIBLE_ONLY.test(value)) return 'invisible';
  return null;
}
