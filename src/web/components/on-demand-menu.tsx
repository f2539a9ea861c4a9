import { cloneElement, lazy, type ReactElement, type ReactNode, type Ref, startTransition, Suspense, useRef, useState } from 'react';
import { withScreenStyles } from '../lib/screen-styles';

/** One choice of a menu: its text, what it does, and its look. */
export interface MenuChoice {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
  color?: string;
}

const LoadedMenu = lazy(() => withScreenStyles(import('./loaded-menu')).then((m) => ({ default: m.LoadedMenu })));

/**
 * A button that opens a menu of choices (Mantine's Menu), whose code is fetched when the button is first
 * pressed (decision 222): every screen with an Export button carried Mantine's Menu before its first
 * paint for a menu opened now and then. The button stays in place while the code arrives; the menu
 * opens it (an onClick of its own is replaced).
 */
export function OnDemandMenu({
  target,
  choices,
}: {
  target: ReactElement<{ ref?: Ref<HTMLButtonElement>; 'aria-haspopup'?: 'menu'; 'aria-expanded'?: boolean; onClick?: () => void }>;
  choices: MenuChoice[];
}) {
  const [asked, setAsked] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  // The button says it opens a menu from the start, as Mantine's menu target does once its code is in.
  const button = cloneElement(target, {
    ref,
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: () => startTransition(() => setAsked(true)),
  });
  return (
    <Suspense fallback={button}>
      {asked ? <LoadedMenu button={button} focusButton={() => ref.current?.focus()} choices={choices} /> : button}
    </Suspense>
  );
}
