// "Compartir": the chisme's /chismes/:id link through the share sheet, or copied.
import { IconShare } from '@tabler/icons-react';
import { paths } from '../../../config/paths';
import { chisme as texts } from '../../../i18n/es/chisme';
import { toast } from '../../../lib/toast';
import { shareLink } from '../utils/share-chisme';
import { CardAction } from './card-action';

export function ShareButton({ chismeId }: { chismeId: string }) {
  async function share() {
    const url = new URL(paths.chisme(chismeId), window.location.origin).href;
    const outcome = await shareLink({ url, title: texts.card.shareTitle });
    if (outcome === 'copied') toast.success(texts.card.linkCopied);
    if (outcome === 'failed') toast.error(texts.card.copyFailed(url));
  }
  return <CardAction label={texts.card.share} testId="share-button" icon={<IconShare size={18} aria-hidden />} onClick={() => void share()} />;
}
