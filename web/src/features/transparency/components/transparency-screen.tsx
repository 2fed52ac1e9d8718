// /transparencia: the public transparency report, month by month (newest first), as tables
// with captions; the same figures as the JSON of get_transparency_report (linked). Counts from
// 1 to 4 arrive as null and read "menos de 5".
import { Alert, Anchor, Loader, Stack, Table, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { transparency as texts } from '../../../i18n/es/transparency';
import { env } from '../../../config/env';
import { type Count, getTransparencyReport, type MonthFigures, transparencyKey } from '../api/transparency-api';

function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  const label = new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)).toLocaleDateString('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return label.charAt(0).toUpperCase() + label.slice(1);
}

function Figures({ caption, rows, threshold }: { caption: string; rows: [string, Count | string][]; threshold: number }) {
  return (
    <Table striped withTableBorder captionSide="top" layout="fixed">
      <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{texts.metric}</Table.Th>
          <Table.Th scope="col" style={{ width: '9rem', textAlign: 'right' }}>
            {texts.count}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={400}>
              {label}
            </Table.Th>
            <Table.Td style={{ textAlign: 'right' }} data-figure={label}>
              {value === null ? texts.fewer(threshold) : typeof value === 'number' ? value.toLocaleString('es-ES') : value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Month({ figures, reasons, threshold }: { figures: MonthFigures; reasons: { code: string; label: string }[]; threshold: number }) {
  const id = `month-${figures.month}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id} data-testid="transparency-month" data-month={figures.month}>
      <Title order={2} size="h3" id={id}>
        {monthLabel(figures.month)}
      </Title>
      <Figures
        caption={texts.reportsByReason}
        threshold={threshold}
        // a reason added after the month has no figure (0); null is a small count, kept as null
        rows={[
          ...reasons.map((r): [string, Count] => [r.label, figures.reports.by_reason[r.code] === undefined ? 0 : (figures.reports.by_reason[r.code] ?? null)]),
          [texts.total, figures.reports.total],
        ]}
      />
      <Figures
        caption={texts.reportsBySource}
        threshold={threshold}
        rows={[
          [texts.source.signed_in, figures.reports.by_source.signed_in],
          [texts.source.signed_out, figures.reports.by_source.signed_out],
          [texts.source.moderator, figures.reports.by_source.moderator],
        ]}
      />
      <Figures
        caption={texts.decisions}
        threshold={threshold}
        rows={[
          [texts.kind.hidden, figures.decisions.by_kind.hidden],
          [texts.kind.deleted, figures.decisions.by_kind.deleted],
          [texts.kind.suspended, figures.decisions.by_kind.suspended],
          [texts.kind.dismissed, figures.decisions.by_kind.dismissed],
          [texts.automated, figures.decisions.automated],
          [texts.human, figures.decisions.human],
          [texts.median, figures.decisions.median_hours_to_decision === null ? texts.notPublished : texts.hours(figures.decisions.median_hours_to_decision)],
        ]}
      />
      <Figures
        caption={texts.complaints}
        threshold={threshold}
        rows={[
          [texts.complaint.received, figures.complaints.received],
          [texts.complaint.decided, figures.complaints.decided],
          [texts.complaint.reversed, figures.complaints.reversed],
        ]}
      />
      <Figures
        caption={texts.other}
        threshold={threshold}
        rows={[
          [texts.suspensions, figures.suspensions],
          [texts.wordRefusals, figures.word_filter_refusals],
        ]}
      />
    </Stack>
  );
}

export function TransparencyScreen() {
  const { data, error, isLoading } = useSWR(transparencyKey, getTransparencyReport);
  const jsonUrl = `${env.supabaseUrl}/rest/v1/rpc/get_transparency_report?apikey=${env.supabaseAnonKey}`;
  return (
    <Stack gap="lg" maw={760} data-testid="transparency-screen">
      <Title order={1} size="h2">
        {texts.title}
      </Title>
      <Text>{texts.intro}</Text>
      {data && <Text size="sm">{texts.smallCounts(data.small_count_threshold)}</Text>}
      <Anchor href={jsonUrl} size="sm">
        {texts.json}
      </Anchor>
      {isLoading && <Loader role="status" aria-label={texts.loading} />}
      {error !== undefined && <Alert color="red">{texts.loadFailed}</Alert>}
      {data?.months.map((month) => (
        <Month key={month.month} figures={month} reasons={data.reasons} threshold={data.small_count_threshold} />
      ))}
      {data && (
        <Text size="xs" c="dimmed">
          {texts.generated(new Date(data.generated_at).toLocaleString('es-ES'))}
        </Text>
      )}
    </Stack>
  );
}
