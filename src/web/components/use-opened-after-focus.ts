import { useEffect, useState } from 'react';

/**
 * For a popup whose code has just arrived (a date field's calendar, a menu; decision 222): its button is
 * a new element by then. The button takes the focus first, and the popup opens on the next render, so
 * Mantine's popover sees the button as what had the focus and gives it back when the popup closes, as
 * on every later opening. True once the popup may open.
 */
export function useOpenedAfterFocus(focusButton: () => void): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // Only when the focus went nowhere as the button was replaced: someone who has moved on keeps it.
    if (document.activeElement === null || document.activeElement === document.body) focusButton();
    setReady(true);
    // Once, when the popup's code has just arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ready;
}
