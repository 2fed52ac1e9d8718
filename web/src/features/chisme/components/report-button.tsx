import { IconFlag } from '@tabler/icons-react';
import { chisme as texts } from '../../../i18n/es/chisme';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { useReportChisme } from '../hooks/use-report-chisme';
import { CardAction } from './card-action';

export function ReportButton({ chisme }: { chisme: FeedChisme }) {
  const { report, reported, pending } = useReportChisme();
  return (
    <CardAction
      label={reported ? texts.card.reported : texts.card.report}
      testId="report-button"
      icon={<IconFlag size={18} aria-hidden />}
      disabled={reported || chisme.is_mine}
      loading={pending}
      onClick={() => void report(chisme.id)}
    />
  );
}
