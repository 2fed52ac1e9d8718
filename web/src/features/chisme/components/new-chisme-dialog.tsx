// New-post dialog: gender, age, content (counter), tags and, in cotilleo mode, an image.
import { Alert, Button, FileInput, Group, Modal, Progress, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { TagInput } from '../../../components/tag-input';
import { limits } from '../../../config/limits';
import { usePersonalDataWarning } from '../../../hooks/use-personal-data-warning';
import { visibleLength } from '../../../lib/text-rules';
import { chisme as texts } from '../../../i18n/es/chisme';
import { common } from '../../../i18n/es/common';
import { usePublishChisme } from '../hooks/use-publish-chisme';
import { cleanContent, validateNewChisme } from '../utils/validate-new-chisme';

const genders = [texts.gender.male, texts.gender.female, texts.gender.none];

type Props = { onClose: () => void; cotilleo: boolean; country: string | null };

export function NewChismeDialog({ onClose, cotilleo, country }: Props) {
  const [gender, setGender] = useLocalStorage<string | null>({ key: 'genero', defaultValue: null, getInitialValueInEffect: false });
  const [age, setAge] = useLocalStorage<string>({ key: 'edad', defaultValue: '', getInitialValueInEffect: false });
  const [content, setContent] = useState('');
  const personalDataWarning = usePersonalDataWarning(content);
  const [tags, setTags] = useState<string[]>([]);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { publish, step, progress } = usePublishChisme();
  const busy = step !== 'idle';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateNewChisme({ gender, age, content }, cotilleo);
    setError(invalid);
    if (invalid || !gender) return;
    const failure = await publish(
      { gender, years: Number(age), content: cleanContent(content), tags, country: country ?? common.unknownCountry, cotilleo },
      cotilleo ? image : null,
    );
    setError(failure);
    if (!failure) {
      setContent('');
      setTags([]);
      setImage(null);
      onClose();
    }
  }

  return (
    <Modal opened onClose={onClose} title={texts.newPost.title} closeButtonProps={{ 'aria-label': common.close }} centered size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Select label={texts.gender.label} placeholder={texts.gender.placeholder} data={genders} value={gender} onChange={setGender} allowDeselect={false} comboboxProps={{ withinPortal: false }} />
            <TextInput label={texts.newPost.age} inputMode="numeric" maxLength={limits.ageDigits} value={age} onChange={(e) => setAge(e.currentTarget.value.replace(/\D/g, '').slice(0, 2))} />
          </Group>
          <Textarea
            label={texts.newPost.content}
            placeholder={texts.newPost.contentPlaceholder}
            autosize
            minRows={3}
            maxRows={10}
            value={content}
            onChange={(e) => setContent(e.currentTarget.value)}
            description={`${visibleLength(content)}/${limits.postContent.max}`}
            error={personalDataWarning}
            data-autofocus
          />
          <TagInput label={texts.newPost.tags} value={tags} onChange={setTags} />
          {cotilleo && (
            <FileInput
              label={texts.newPost.image}
              placeholder={texts.newPost.imagePlaceholder}
              accept=".png,.jpg,.jpeg,image/png,image/jpeg"
              value={image}
              onChange={setImage}
              clearable
              leftSection={<IconPhoto size={18} aria-hidden />}
            />
          )}
          {step === 'uploading' && (
            <Stack gap={4}>
              <Text size="sm">{texts.newPost.uploading}</Text>
              <Progress value={progress} aria-label={texts.newPost.uploading} animated />
            </Stack>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
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
