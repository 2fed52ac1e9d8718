// One icon action of a chisme card (ver imagen, compartir, denunciar): the icon button named by
// its label, with the same label as tooltip, so the three stay alike.
import { ActionIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { LazyTooltip } from '../../../components/lazy-tooltip';

type CardActionProps = {
  label: string;
  testId: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  disabled?: boolean;
  loading?: boolean;
};

export function CardAction({ label, testId, icon, onClick, color = 'gray', disabled, loading }: CardActionProps) {
  return (
    <LazyTooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} data-testid={testId} disabled={disabled} loading={loading} onClick={onClick}>
        {icon}
      </ActionIcon>
    </LazyTooltip>
  );
}
