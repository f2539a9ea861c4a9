import { Suspense, useEffect, useReducer, useState } from 'react';
import { LazyTooltip as Tooltip, loadTooltip } from './tip';

/** The element under the pointer that asks for a tooltip (tip-props.ts), or null. */
const tipTarget = (node: EventTarget | null) => (node instanceof Element ? node.closest<HTMLElement>('[data-tip]') : null);

/** The last element that asked for the tooltip (kept while the tooltip fades out), and whether it shows. */
interface Tip {
  target: HTMLElement | null;
  open: boolean;
}

/**
 * The one tooltip of the elements that carry `data-tip` (tip-props.ts): Mantine's Tooltip, shown above
 * the element a mouse is over, as a Tooltip of the element's own would be (hover only, not touch). The
 * app shell mounts it once; it listens from the first paint, and fetches Mantine's code at the first move
 * of a mouse (decisions 220, 225).
 */
export function TipLayer() {
  const [tip, setTip] = useState<Tip>({ target: null, open: false });
  const [, relabel] = useReducer((n: number) => n + 1, 0);
  const { target, open } = tip;

  useEffect(() => {
    // Mantine's code is fetched at the first move of a mouse: a tooltip shown later (the "Not live" word's,
    // while the server is unreachable) must not depend on a fetch then, and a touch screen, which shows no
    // tooltips, never fetches it (it brings Floating UI, the popups' chunk: decision 225).
    let fetched = false;
    // Every move, not only entering an element: a page can load under a pointer at rest, and its first
    // move over the element shows the tooltip, as Mantine's own does.
    const move = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      if (!fetched) {
        fetched = true;
        void loadTooltip().catch(() => undefined);
      }
      const next = tipTarget(event.target);
      setTip((now) => {
        if (next) return now.target === next && now.open ? now : { target: next, open: true };
        return now.open ? { target: now.target, open: false } : now;
      });
    };
    // Leaving the window: no element is under the pointer any more.
    const out = (event: PointerEvent) => {
      if (event.relatedTarget === null) setTip((now) => (now.open ? { target: now.target, open: false } : now));
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerout', out);
    return () => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerout', out);
    };
  }, []);

  // A label that changes under the pointer (a sort's direction) shows its new text; an element taken out
  // of the page (its row built again) takes its tooltip with it.
  useEffect(() => {
    if (!target || !open) return;
    const label = new MutationObserver(relabel);
    label.observe(target, { attributeFilter: ['data-tip', 'data-tip-wide'] });
    const removal = new MutationObserver(() => !target.isConnected && setTip({ target, open: false }));
    removal.observe(document.body, { childList: true, subtree: true });
    return () => {
      label.disconnect();
      removal.disconnect();
    };
  }, [target, open]);

  if (!target) return null;
  const wide = target.dataset.tipWide !== undefined;
  return (
    <Suspense fallback={null}>
      <Tooltip
        target={target}
        label={target.dataset.tip}
        opened={open}
        events={{ hover: false, focus: false, touch: false }}
        multiline={wide}
        w={wide ? 260 : undefined}
      />
    </Suspense>
  );
}
