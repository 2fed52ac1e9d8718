// Reporting a chisme: the button opens the report dialog (a reason, an optional explanation,
// a confirmation); the hook sends it with the spec's toasts.
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { chisme as texts } from '../../../i18n/es/chisme';
import type { FeedChisme } from '../../../lib/feed-chisme';
import useSWR from 'swr';
import { ReportDialog } from '../../../components/report-dialog';
import { reportReasonsKey } from '../../../lib/report-reasons';
import { getReportReasons } from '../api/report-reasons';
import { useReportChisme } from '../hooks/use-report-chisme';
import { CardAction } from './card-action';

export function ReportButton({ chisme }: { chisme: FeedChisme }) {
  const { report, reported, pending } = useReportChisme();
  const [open, setOpen] = useState(false);
  const { data: reasons, error } = useSWR(open ? reportReasonsKey : null, getReportReasons);
  return (
    <>
      <CardAction
        label={reported ? texts.card.reported : texts.card.report}
        testId="report-button"
        icon={<IconFlag size={18} aria-hidden />}
        disabled={reported || chisme.is_mine}
        loading={pending}
        onClick={() => setOpen(true)}
      />
      {open && (
        <ReportDialog
          opened
          kind="chisme"
          reasons={reasons}
          loadFailed={error !== undefined}
          onClose={() => setOpen(false)}
          onSend={(reason, explanation) => report(chisme.id, reason, explanation)}
        />
      )}
    </>
  );
}
