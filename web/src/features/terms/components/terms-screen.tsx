// /terminos: "Términos y privacidad" in plain Spanish, with the rules of Chismes as the
// database holds them (the report reasons). Public: linked from the welcome screen, the sign-up
// form and the menu.
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { paths } from '../../../config/paths';
import { terms as texts } from '../../../i18n/es/terms';
import { reportReasonsKey } from '../../../lib/report-reasons';
import { getReportReasons } from '../api/report-reasons';

export function TermsScreen() {
  const { data: reasons } = useSWR(reportReasonsKey, getReportReasons);
  return (
    <Stack gap="md" maw={720} data-testid="terms-screen">
      <Title order={1} size="h2">
        {texts.title}
      </Title>
      <Text size="sm" c="dimmed">
        {texts.updated}
      </Text>
      <Text>{texts.intro}</Text>
      {texts.sections.map((section) => (
        <Stack gap={6} key={section.title} component="section">
          <Title order={2} size="h4">
            {section.title}
          </Title>
          {'paragraphs' in section && section.paragraphs.map((p) => <Text key={p}>{p}</Text>)}
          {'items' in section && (
            <List spacing={4}>
              {section.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
      <Stack gap={6} component="section">
        <Title order={2} size="h4">
          {texts.normsTitle}
        </Title>
        <Text>{texts.normsIntro}</Text>
        <List spacing={4} data-testid="terms-norms">
          {(reasons ?? []).map((r) => (
            <List.Item key={r.code}>
              <strong>{r.label}.</strong> {r.rule}
              {r.legal_ground ? ` (${r.legal_ground})` : ''}
            </List.Item>
          ))}
        </List>
      </Stack>
      <Anchor component={Link} to={paths.transparency}>
        {texts.transparencyLink}
      </Anchor>
    </Stack>
  );
}
