// "N chismes nuevos": chismes posted since the list was loaded, shown over the top of the list
// without moving it (fixed, under the header, as X and Mastodon do). At the left edge of the
// content column: at the top of the page it sits in the empty start of the filter row, so it
// covers no control (centred, it covered "Filtrar Chismes" on a phone; e2e journey 04). A
// button; the count is read out politely when it changes.
import { Affix, Button, VisuallyHidden } from '@mantine/core';
import { feed } from '../../../i18n/es/feed';

/** The content column's width (the layout's Container, size "sm"). */
const CONTENT_WIDTH = 720;

export function NewChismesPill({ count, onShow }: { count: number; onShow: () => void }) {
  const text = count > 0 ? feed.newChismes(count) : '';
  return (
    <>
      {count > 0 && (
        <Affix position={{ top: 'calc(var(--app-shell-header-offset, 60px) + 12px)', left: `max(12px, calc((100vw - ${CONTENT_WIDTH}px) / 2))` }} zIndex={150}>
          <Button radius="xl" size="sm" onClick={onShow} data-testid="new-chismes-pill">
            {text}
          </Button>
        </Affix>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {text}
      </VisuallyHidden>
    </>
  );
}
