// Report with the spec's toasts; "already reported" counts as success. A reported chisme leaves
// the reporter's feeds at once.
import { useState } from 'react';
import { chisme as texts } from '../../../i18n/es/chisme';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { removeFromFeeds } from '../../../lib/chisme-cache';
import { toast } from '../../../lib/toast';
import { reportChisme } from '../api/report-chisme';

export function useReportChisme() {
  const [reported, setReported] = useState(false);
  const [pending, setPending] = useState(false);

  async function report(chismeId: string, reason: string, explanation: string) {
    setPending(true);
    try {
      await reportChisme(chismeId, reason, explanation);
      setReported(true);
      toast.success(texts.report.success);
      removeFromFeeds(chismeId); // the reporter stops seeing it (as get_feed does)
    } catch (error) {
      const key = error instanceof ApiError ? error.key : '';
      if (key === 'report_already_exists') {
        setReported(true);
        toast.warning(texts.report.already);
      } else if (key === 'report_own_chisme') {
        toast.error(texts.report.own);
      } else if (key === 'not_authenticated') {
        toast.error(texts.report.signedOut);
      } else {
        toast.error(errorMessage(error, texts.report.failed));
      }
    } finally {
      setPending(false);
    }
  }

  return { report, reported, pending };
}
