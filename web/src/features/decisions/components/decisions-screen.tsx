// /mis-decisiones: every statement of reasons about the person's content and account (what,
// the facts, automated or not, the rule and legal ground, the thresholds, until when to
// complain, the complaint's state and answer) and every report they made (the decision on it;
// withdraw while pending, complain about a dismissal); for a moderator's removal, whether it
// is still kept (until when), restored or deleted for good.
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { decisions as texts } from '../../../i18n/es/decisions';
import { formatUntil } from '../../../i18n/es/errors';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { type ComplaintKind, decisionKeys, getMyReports, getMyStatements, type MyReport, type Statement, withdrawReport } from '../api/decisions-api';
import { removalStatus } from '../utils/removal-status';
import { ComplaintDialog } from './complaint-dialog';

function ComplaintState({ status, answer }: { status: string | null; answer: string | null }) {
  if (!status) return null;
  if (status === 'pending')
    return (
      <Text size="sm" c="blue">
        {texts.complaintPending}
      </Text>
    );
  return (
    <Stack gap={2} data-testid="complaint-outcome">
      <Text size="sm" fw={600}>
        {texts.complaintOutcome[status] ?? status}
      </Text>
      {answer && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {texts.complaintAnswer}: {answer}
        </Text>
      )}
    </Stack>
  );
}

// A moderator's removal: kept, restorable, until the window closes or a complaint is upheld.
function removalText(statement: Statement): string | null {
  switch (removalStatus(statement)) {
    case 'kept':
      return texts.removal.kept(formatUntil(statement.complaint_until));
    case 'kept-for-complaint':
      return texts.removal.keptForComplaint;
    case 'restored':
      return texts.removal.restored;
    case 'purged':
      return texts.removal.purged;
    default:
      return null;
  }
}

function StatementCard({ statement, onComplain }: { statement: Statement; onComplain: () => void }) {
  const open = !statement.reversed_at && !statement.complaint_status && new Date(statement.complaint_until) > new Date();
  const facts =
    statement.facts === 'reports'
      ? texts.facts.reports(statement.reports_received)
      : (texts.facts[statement.facts as 'own_initiative' | 'repeated_illegal']?.() ?? '');
  return (
    <Card withBorder padding="sm" component="article" data-testid="statement" data-id={statement.id}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color={statement.reversed_at ? 'green' : 'red'} variant="light">
            {statement.reversed_at ? texts.reversed : (texts.decision[statement.decision] ?? statement.decision)}
          </Badge>
          <Text size="sm" fw={600}>
            {texts.what[statement.target_kind]}
            {statement.snippet ? ` «${statement.snippet}»` : ''}
          </Text>
        </Group>
        {statement.suspended_until && <Text size="sm">{texts.suspendedUntil(formatUntil(statement.suspended_until))}</Text>}
        {removalText(statement) && (
          <Text size="sm" data-testid="removal-state">
            {removalText(statement)}
          </Text>
        )}
        <Text size="sm">{facts}</Text>
        <Text size="sm">{statement.automated ? texts.automated : texts.human}</Text>
        <Text size="sm">
          <strong>{texts.rule}:</strong> {statement.reason_label}. {statement.rule}
        </Text>
        {statement.legal_ground && (
          <Text size="sm">
            <strong>{texts.legalGround}:</strong> {statement.legal_ground}
          </Text>
        )}
        {statement.explanation && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <strong>{texts.explanation}:</strong> {statement.explanation}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {texts.thresholds(statement.thresholds as Record<string, unknown>)}
        </Text>
        <ComplaintState status={statement.complaint_status} answer={statement.complaint_answer} />
        {!statement.reversed_at && !statement.complaint_status && (
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {open ? texts.complainUntil(formatUntil(statement.complaint_until)) : texts.tooLate}
            </Text>
            {open && (
              <Button size="compact-sm" variant="light" onClick={onComplain}>
                {texts.complain}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function ReportCard({ report, onComplain, onWithdrawn }: { report: MyReport; onComplain: () => void; onWithdrawn: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const withdraw = () => {
    withdrawReport(report.kind as 'chisme' | 'comment', report.kind === 'chisme' ? (report.chisme_id ?? '') : report.id)
      .then(() => {
        toast.success(texts.report.withdrawn);
        onWithdrawn();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, texts.report.withdrawn)));
  };
  const canComplain =
    report.decision === 'dismissed' && !report.complaint_status && report.complaint_until !== null && new Date(report.complaint_until) > new Date();
  return (
    <Card withBorder padding="sm" component="article" data-testid="my-report" data-id={report.id}>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {texts.report.of[report.kind]}
        </Text>
        <Text size="sm">{texts.report.reason(report.reason_label)}</Text>
        <Text size="sm" data-testid="my-report-decision">
          {report.decision === 'removed' ? texts.report.removed : report.decision === 'dismissed' ? texts.report.dismissed : texts.report.pending}
        </Text>
        <ComplaintState status={report.complaint_status} answer={report.complaint_answer} />
        <Group gap="xs">
          {!report.decision &&
            (confirming ? (
              <>
                <Text size="sm">{texts.report.withdrawConfirm}</Text>
                <Button size="compact-sm" color="red" variant="light" onClick={withdraw}>
                  {texts.confirm}
                </Button>
                <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
                  {texts.cancel}
                </Button>
              </>
            ) : (
              <Button size="compact-sm" variant="light" onClick={() => setConfirming(true)}>
                {texts.report.withdraw}
              </Button>
            ))}
          {canComplain && (
            <Button size="compact-sm" variant="light" onClick={onComplain}>
              {texts.complain}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function DecisionsScreen({ userId }: { userId: string }) {
  const statements = useSWR(decisionKeys.statements(userId), getMyStatements);
  const reports = useSWR(decisionKeys.reports(userId), getMyReports);
  const [complaint, setComplaint] = useState<{ kind: ComplaintKind; id: string } | null>(null);
  return (
    <Stack gap="lg" data-testid="decisions-screen">
      <Title order={1} size="h2">
        {texts.title}
      </Title>
      <Text size="sm">{texts.intro}</Text>
      <Stack gap="sm" component="section" aria-labelledby="statements-title">
        <Title order={2} size="h3" id="statements-title">
          {texts.statementsTitle}
        </Title>
        {statements.isLoading && <Loader role="status" aria-label={texts.statementsTitle} />}
        {statements.error !== undefined && <Alert color="red">{texts.loadFailed}</Alert>}
        {statements.data?.length === 0 && <Text c="dimmed">{texts.statementsEmpty}</Text>}
        {statements.data?.map((s) => (
          <StatementCard key={s.id} statement={s} onComplain={() => setComplaint({ kind: 'statement', id: s.id })} />
        ))}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="reports-title">
        <Title order={2} size="h3" id="reports-title">
          {texts.reportsTitle}
        </Title>
        {reports.isLoading && <Loader role="status" aria-label={texts.reportsTitle} />}
        {reports.error !== undefined && <Alert color="red">{texts.loadFailed}</Alert>}
        {reports.data?.length === 0 && <Text c="dimmed">{texts.reportsEmpty}</Text>}
        {reports.data?.map((r) => (
          <ReportCard key={r.id} report={r} onComplain={() => setComplaint({ kind: 'report', id: r.id })} onWithdrawn={() => void reports.mutate()} />
        ))}
      </Stack>
      {complaint && (
        <ComplaintDialog
          kind={complaint.kind}
          id={complaint.id}
          onClose={() => setComplaint(null)}
          onSent={() => {
            void statements.mutate();
            void reports.mutate();
          }}
        />
      )}
    </Stack>
  );
}
