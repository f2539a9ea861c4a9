/**
 * Loads a screen's code together with the full Mantine style sheet (styles/screens.css), and resolves
 * when both are in: the first paint's blocking sheet (styles/first-paint.css) carries only the shell's
 * components, and every other component's rules arrive beside the code that renders them (decision 198).
 */
export function withScreenStyles<M>(load: Promise<M>): Promise<M> {
  return Promise.all([load, import('../styles/screens.css')]).then(([screen]) => screen);
}
