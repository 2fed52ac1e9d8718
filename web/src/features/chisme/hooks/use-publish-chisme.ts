// Publish: offensive-word warning (casual: content and tags), create, then compress and upload the image (cotilleo).
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { chisme as texts } from '../../../i18n/es/chisme';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { prependToRecentFeeds } from '../../../lib/chisme-cache';
import { openCrisisSupport } from '../../../hooks/use-dialogs';
import { toast } from '../../../lib/toast';
import { createChisme, type NewChisme } from '../api/create-chisme';
import { findOffensiveWords } from '../api/find-offensive-words';
import { uploadChismeImage } from '../api/upload-chisme-image';
import { compressImage } from '../utils/compress-image';

/** The chisme-image function's error codes mapped to the spec's upload messages. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message === texts.errors.compress) return texts.errors.compress;
  const code = error instanceof ApiError ? error.key : '';
  if (code === 'file_type_not_allowed') return texts.errors.fileType;
  if (code === 'file_missing') return texts.errors.noFile;
  return texts.errors.upload;
}

export type PublishStep = 'idle' | 'publishing' | 'uploading';

export function usePublishChisme() {
  const { mutate } = useSWRConfig();
  const [step, setStep] = useState<PublishStep>('idle');
  const [progress, setProgress] = useState(0);

  /** Resolves to an error message to show, or null on success. */
  async function publish(input: NewChisme, image: File | null): Promise<string | null> {
    setStep('publishing');
    try {
      if (!input.cotilleo) {
        // Content and tags are both shown to others; each is checked on its own (the database
        // does the same), so no phrase is read across the two.
        const found = await Promise.all(
          [input.content, input.tags.join(' ')].filter((text) => text !== '').map((text) => findOffensiveWords(text).catch(() => [])),
        );
        const words = [...new Set(found.flat())];
        if (words.length > 0) return texts.newPost.offensiveWarning(words.join(', '));
      }
      const created = await createChisme(input);
      if (image) {
        setStep('uploading');
        setProgress(0);
        try {
          const compressed = await compressImage(image).catch(() => {
            throw new Error(texts.errors.compress);
          });
          await uploadChismeImage(created.id, compressed, setProgress);
          created.file_exist = true;
          created.image_viewable = true;
        } catch (error) {
          console.error('image upload failed', error);
          toast.error(uploadErrorMessage(error));
        }
      }
      prependToRecentFeeds(created);
      void mutate((key) => Array.isArray(key) && key[0] === 'my-chismes');
      // Text about suicide or self-harm: the author sees the calm support card at once, and no
      // cheerful "publicado" toast with it (the new card on top of the feed says it is published).
      if (created.crisis) openCrisisSupport(false);
      else toast.success(texts.newPost.success);
      return null;
    } catch (error) {
      return errorMessage(error, texts.errors.publish);
    } finally {
      setStep('idle');
    }
  }

  return { publish, step, progress };
}
