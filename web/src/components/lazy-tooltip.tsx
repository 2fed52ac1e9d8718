// Mantine's Tooltip, mounted only when a mouse first enters its target. A Tooltip runs
// floating-ui's hooks (positioning, hover, dismiss, delay group) and a Transition on every
// render whether or not it ever opens; a feed page has two or three per card (share, report,
// image), and they cost about a third of the time to render the first rows. Until a mouse
// enters, the target is rendered alone (its aria-label already names it); then the Tooltip is
// mounted beside it through `target`, already open, as Mantine's own would open (hover, no
// delay; touch never opens it). The target keeps its place in the tree, so it is never remounted.
import { Tooltip } from '@mantine/core';
import { cloneElement, useRef, useState, type PointerEvent, type ReactElement, type ReactNode, type Ref } from 'react';

type TargetProps = { onPointerEnter?: (event: PointerEvent<HTMLElement>) => void; ref?: Ref<HTMLElement> };

export function LazyTooltip({ label, children }: { label: ReactNode; children: ReactElement<TargetProps> }) {
  const [mounted, setMounted] = useState(false);
  const target = useRef<HTMLElement>(null);
  return (
    <>
      {cloneElement(children, {
        ref: target,
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          children.props.onPointerEnter?.(event);
          if (event.pointerType === 'mouse') setMounted(true);
        },
      })}
      {mounted && <Tooltip label={label} target={target} defaultOpened />}
    </>
  );
}
