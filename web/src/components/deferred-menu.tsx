// A "more options" menu whose Mantine Menu is loaded on the first press of its trigger. Every
// feed card and comment has one, and Mantine's Menu brings Popover, FocusTrap and floating-ui
// with it (~25 KB gzip): imported statically by the card, they were in the entry chunk that
// every first visit downloads and evaluates before its first paint (bench/README.md,
// "Menus on the first press"). Until the first press the trigger is rendered alone, with the
// attributes Menu.Target gives it closed (`aria-haspopup`, `aria-expanded`); a mouse over it
// or focus on it starts the chunk's download. The press mounts the loaded menu in place of the
// trigger, which takes the focus back if the pressed one had it and then opens, so Mantine's
// focus trap and focus return work as if the menu had always been there.
import {
  cloneElement,
  Suspense,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  ref?: RefObject<HTMLElement | null>;
};

/** What the loaded menu gets: its trigger, and whether it was pressed before it loaded. */
export type LoadedMenuProps = { trigger: ReactElement<TriggerProps>; pressed: { focus: boolean } };

/**
 * The trigger alone until its first press, then `children` (the caller's lazily loaded menu,
 * rendering Mantine's Menu around `trigger` with useLoadedMenu). `load` is that menu's import,
 * started early by a mouse over the trigger or focus on it.
 */
export function DeferredMenu({
  load,
  trigger,
  children,
}: {
  load: () => Promise<unknown>;
  trigger: ReactElement<TriggerProps>;
  children: (loaded: LoadedMenuProps) => ReactNode;
}) {
  const [pressed, setPressed] = useState<{ focus: boolean } | null>(null);
  if (!pressed) {
    return cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        trigger.props.onPointerEnter?.(event);
        void load();
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        trigger.props.onFocus?.(event);
        void load();
      },
      onClick: (event: MouseEvent<HTMLElement>) => {
        trigger.props.onClick?.(event);
        setPressed({ focus: event.currentTarget.ownerDocument.activeElement === event.currentTarget });
      },
    });
  }
  return <Suspense fallback={cloneElement(trigger, { 'aria-haspopup': 'menu', 'aria-expanded': false })}>{children({ trigger, pressed })}</Suspense>;
}

/** The loaded menu's open state: it mounts on a press, so it focuses its trigger (if the
 *  pressed one had the focus) and opens once mounted. `trigger` carries the ref for that. */
export function useLoadedMenu({ trigger, pressed }: LoadedMenuProps) {
  const [opened, setOpened] = useState(false);
  const ref = useRef<HTMLElement>(null);
  // Once, on mount: a later press goes through Mantine's own target.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the press that mounted it, once
  useEffect(() => {
    if (pressed.focus) ref.current?.focus();
    // Opened from a later task: opened in the commit that mounts it, Mantine's Transition
    // keeps the dropdown at `display: none` (seen when the chunk was already loaded).
    const handle = setTimeout(() => setOpened(true), 0);
    return () => clearTimeout(handle);
  }, []);
  return { opened, setOpened, trigger: cloneElement(trigger, { ref }) };
}
