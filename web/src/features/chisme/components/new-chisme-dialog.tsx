// New-post dialog: gender, age, content (counter), tags and, in cotilleo mode, an image.
import { Alert, Button, FileInput, Image, Modal, Progress, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { TagInput } from '../../../components/tag-input';
import { limits } from '../../../config/limits';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { useObjectUrl } from '../../../hooks/use-object-url';
import { usePersonalDataWarning } from '../../../hooks/use-personal-data-warning';
import { visibleLength } from '../../../lib/text-rules';
import { chisme as texts } from '../../../i18n/es/chisme';
import { common } from '../../../i18n/es/common';
import { files } from '../../../i18n/es/files';
import { usePublishChisme } from '../hooks/use-publish-chisme';
import { cleanContent, validateNewChisme, type NewChismeValues } from '../utils/validate-new-chisme';
import { imageWindowMinutes } from './image-window-note';

const genders = [texts.gender.male, texts.gender.female, texts.gender.none];

type Props = { onClose: () => void; cotilleo: boolean; country: string | null };

export function NewChismeDialog({ onClose, cotilleo, country }: Props) {
  // Gender and age are remembered between posts and comments (same keys as the comment form).
  const [gender, setGender] = useLocalStorage<string | null>({ key: 'genero', defaultValue: null, getInitialValueInEffect: false });
  const [age, setAge] = useLocalStorage<string>({ key: 'edad', defaultValue: '', getInitialValueInEffect: false });
  const { form, formError, setFormError, onSubmit } = useFirstErrorForm<NewChismeValues>({
    name: 'new-chisme',
    initialValues: { gender, age, content: '' },
    validate: (values) => validateNewChisme(values, cotilleo),
    onValuesChange: (values) => {
      setGender(values.gender);
      setAge(values.age);
    },
  });
  const personalDataWarning = usePersonalDataWarning(form.values.content);
  const [tags, setTags] = useState<string[]>([]);
  const [image, setImage] = useState<File | null>(null);
  const preview = useObjectUrl(cotilleo ? image : null);
  const { publish, step, progress } = usePublishChisme();
  const busy = step !== 'idle';

  async function submit(values: NewChismeValues) {
    if (!values.gender) return;
    const failure = await publish(
      { gender: values.gender, years: Number(values.age), content: cleanContent(values.content), tags, country: country ?? common.unknownCountry, cotilleo },
      cotilleo ? image : null,
    );
    setFormError(failure);
    if (!failure) {
      form.setFieldValue('content', '');
      setTags([]);
      setImage(null);
      onClose();
    }
  }

  return (
    <Modal opened onClose={onClose} title={texts.newPost.title} closeButtonProps={{ 'aria-label': common.close }} centered size="lg">
      <form onSubmit={onSubmit(submit)} noValidate>
        <Stack gap="sm">
          {/* Side by side from xs up; stacked on a phone, where half a row cut the gender placeholder. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={texts.gender.label}
              placeholder={texts.gender.placeholder}
              data={genders}
              {...form.getInputProps('gender')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <TextInput
              label={texts.newPost.age}
              inputMode="numeric"
              maxLength={limits.ageDigits}
              {...form.getInputProps('age')}
              onChange={(e) => form.setFieldValue('age', e.currentTarget.value.replace(/\D/g, '').slice(0, 2))}
            />
          </SimpleGrid>
          <Textarea
            label={texts.newPost.content}
            placeholder={texts.newPost.contentPlaceholder}
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('content')}
            description={`${visibleLength(form.values.content)}/${limits.postContent.max}`}
            error={form.errors.content ?? personalDataWarning}
            data-autofocus
          />
          <TagInput label={texts.newPost.tags} value={tags} onChange={setTags} warnPersonalData />
          {cotilleo && (
            <FileInput
              label={texts.newPost.image}
              description={files.windowForAuthor(imageWindowMinutes)}
              placeholder={texts.newPost.imagePlaceholder}
              accept=".png,.jpg,.jpeg,image/png,image/jpeg"
              value={image}
              onChange={setImage}
              clearable
              // Mantine's clear button has no name of its own; screen readers would announce just "button".
              clearButtonProps={{ 'aria-label': texts.newPost.removeImage }}
              leftSection={<IconPhoto size={18} aria-hidden />}
            />
          )}
          {preview && (
            <Image src={preview} alt={texts.newPost.imagePreview} h={120} w="auto" maw="100%" fit="contain" radius="sm" data-testid="image-preview" />
          )}
          {step === 'uploading' && (
            <Stack gap={4}>
              <Text size="sm">{texts.newPost.uploading}</Text>
              <Progress value={progress} aria-label={texts.newPost.uploading} animated />
            </Stack>
          )}
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Button type="submit" disabled={busy} data-testid="publish-chisme">
            {busy ? texts.newPost.submitting : texts.newPost.submit}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
