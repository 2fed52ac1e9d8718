// The Tooltip LazyTooltip mounts, in its own chunk: Tooltip brings floating-ui (about 16 KB
// gzip), which no feed card needs before someone points at one of its buttons.
import { Tooltip } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';

export default function TooltipFor({ label, target, opened }: { label: ReactNode; target: RefObject<HTMLElement | null>; opened: boolean }) {
  return <Tooltip label={label} target={target} defaultOpened={opened} />;
}
