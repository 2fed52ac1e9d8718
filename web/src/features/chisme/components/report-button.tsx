// "Reportar": a report cannot be taken back, so it asks first. The confirmation is where a
// report's reason will be asked too (ConfirmDialog's children).
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { LazyConfirmDialog } from '../../../components/lazy-confirm-dialog';
import { chisme as texts } from '../../../i18n/es/chisme';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { useReportChisme } from '../hooks/use-report-chisme';
import { CardAction } from './card-action';

export function ReportButton({ chisme }: { chisme: FeedChisme }) {
  const { report, reported, pending } = useReportChisme();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <CardAction
        label={reported ? texts.card.reported : texts.card.report}
        testId="report-button"
        icon={<IconFlag size={18} aria-hidden />}
        disabled={reported || chisme.is_mine}
        loading={pending}
        onClick={() => setAsking(true)}
      />
      <LazyConfirmDialog
        opened={asking}
        title={texts.report.confirmTitle}
        message={texts.report.confirmMessage}
        confirmLabel={texts.report.confirm}
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void report(chisme.id);
        }}
      />
    </>
  );
}
