import { useMediaQuery } from '@mantine/hooks';

/** A phone's width: below Mantine's `sm` breakpoint (48em). */
const PHONE_QUERY = '(max-width: 48em)';

/**
 * Whether the screen is a phone's, read in the first render: Mantine's default reads it in an effect, so
 * a phone first built the larger screen's layout (a grid's 100 rows, the wide header) and then built its
 * own in a second render, twice the work before the first tap could be answered (decision 174).
 */
export const usePhone = () => useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
