// Mantine's Tooltip, mounted only when a mouse first enters its target. A Tooltip runs
// floating-ui's hooks (positioning, hover, dismiss, delay group) and a Transition on every
// render whether or not it ever opens; a feed page has two or three per card (share, report,
// image), and they cost about a third of the time to render the first rows. Until a mouse
// enters, the target is rendered alone (its aria-label already names it); then the Tooltip is
// loaded (its own chunk, with floating-ui) and mounted beside it through `target`, open if the
// mouse is still there, as Mantine's own would open (hover, no delay; touch never opens it).
// The target keeps its place in the tree, so it is never remounted.
import { cloneElement, lazy, Suspense, useRef, useState, type PointerEvent, type ReactElement, type ReactNode, type Ref } from 'react';

const TooltipFor = lazy(() => import('./lazy-tooltip-floating'));

type TargetProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
};

export function LazyTooltip({ label, children }: { label: ReactNode; children: ReactElement<TargetProps> }) {
  const [mounted, setMounted] = useState(false);
  // Whether the mouse is over the target now: a Tooltip whose chunk arrives after the mouse
  // left mounts closed (it would not see that mouseleave and would stay open).
  const [hovered, setHovered] = useState(false);
  const target = useRef<HTMLElement>(null);
  return (
    <>
      {cloneElement(children, {
        ref: target,
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          children.props.onPointerEnter?.(event);
          if (event.pointerType !== 'mouse') return;
          setHovered(true);
          setMounted(true);
        },
        onPointerLeave: (event: PointerEvent<HTMLElement>) => {
          children.props.onPointerLeave?.(event);
          setHovered(false);
        },
      })}
      {mounted && (
        <Suspense fallback={null}>
          <TooltipFor label={label} target={target} opened={hovered} />
        </Suspense>
      )}
    </>
  );
}
