import { ActionIcon } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { chisme as texts } from '../../../i18n/es/chisme';
import type { FeedChisme } from '../../../types/api';
import { useReportChisme } from '../hooks/use-report-chisme';

export function ReportButton({ chisme }: { chisme: FeedChisme }) {
  const { report, reported, pending } = useReportChisme();
  const label = reported ? texts.card.reported : texts.card.report;
  return (
    <LazyTooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        data-testid="report-button"
        disabled={reported || chisme.is_mine}
        loading={pending}
        onClick={() => void report(chisme.id)}
      >
        <IconFlag size={18} aria-hidden />
      </ActionIcon>
    </LazyTooltip>
  );
}
