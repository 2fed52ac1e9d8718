// "N chismes nuevos": chismes posted since the list was loaded, shown over the top of the list
// without moving it (fixed, under the header, as X and Mastodon do). A button; the count is
// read out politely when it changes.
import { Affix, Button, VisuallyHidden } from '@mantine/core';
import { feed } from '../../../i18n/es/feed';

export function NewChismesPill({ count, onShow }: { count: number; onShow: () => void }) {
  const text = count > 0 ? feed.newChismes(count) : '';
  return (
    <>
      {count > 0 && (
        <Affix position={{ top: 'calc(var(--app-shell-header-offset, 60px) + 12px)', left: '50%' }} style={{ transform: 'translateX(-50%)' }} zIndex={150}>
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
