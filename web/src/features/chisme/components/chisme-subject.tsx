// A chisme named by its first words, where a notice about it quotes none (the notifications
// list's notice of a chisme hidden by reports, which its author still sees). Nothing for a
// chisme the person cannot see or that is gone.
import { Text } from '@mantine/core';
import { useChisme } from '../hooks/use-chisme';

/** Spec section 9: snippets are cut at 50 characters plus an ellipsis (as the database's). */
const snippetChars = 50;

export function chismeSnippet(content: string): string {
  return content.length > snippetChars ? `${content.slice(0, snippetChars)}…` : content;
}

export function ChismeSubject({ chismeId }: { chismeId: string }) {
  const { chisme } = useChisme(chismeId);
  if (!chisme) return null;
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="chisme-subject">
      "{chismeSnippet(chisme.content)}"
    </Text>
  );
}
