import { type ComponentType, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { withScreenStyles } from '../lib/screen-styles';

/**
 * A dialog whose code is fetched the first time it opens (decision 222): closed, it renders nothing, and
 * the screen's first paint does not wait for its code. Once its code is in, it is built closed (`closed`
 * gives its props when shut) and opened on the next render, and then stays built: a dialog whose modal
 * stays mounted while shut (a customer's Casinos) closes with its fade as before; one that builds its form
 * as it opens does as it did. The focus goes back to what opened it when it closes (`useFocusBack`).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  closed: (props: P) => P,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(() => withScreenStyles(load()).then((Component) => ({ default: Component })));
  function Built(props: P) {
    const [shown, setShown] = useState(false);
    useEffect(() => setShown(true), []);
    return <Dialog {...(shown ? props : closed(props))} />;
  }
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [asked, setAsked] = useState(open);
    if (open && !asked) setAsked(true);
    useFocusBack(open);
    return asked ? (
      <Suspense fallback={null}>
        <Built {...props} />
      </Suspense>
    ) : null;
  };
}

/**
 * Gives the focus back to the element that had it when a dialog opened, once the dialog has closed and
 * left the focus nowhere. Mantine's modal does so only for a modal that was built closed and then opened;
 * a dialog whose form is built as it opens left the focus on the page's body, and a keyboard user
 * started again from the top.
 */
function useFocusBack(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // Read as the dialog is asked for, before its modal takes the focus into itself (Mantine's focus trap
  // moves it on a timer, after the layout effects).
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (open && active instanceof HTMLElement && active !== document.body && !active.closest('[role="dialog"]')) opener.current = active;
  }, [open]);
  useEffect(() => {
    const from = opener.current;
    if (open || !from) return;
    opener.current = null;
    // After the modal's own return (10 ms), only when it left the focus nowhere.
    const timer = setTimeout(() => {
      if (from.isConnected && (document.activeElement === null || document.activeElement === document.body))
        from.focus({ preventScroll: true });
    }, 20);
    return () => clearTimeout(timer);
  }, [open]);
}
