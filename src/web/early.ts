// The page's first script (decision 246): with a token, the sign-in check and the first screen's reads go
// out as soon as this small file has run (its code just after, if the page has not asked for it; decision
// 252), while the start-up file (React's DOM code, Mantine, the shell) is still downloading. The start-up
// file then finds them in flight or answered.
import './zod-jitless';
import { startFirstScreen } from './router';

startFirstScreen();
