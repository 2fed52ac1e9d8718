// "Filtrar Chismes": gender, country, age range and tags for every feed. Closes on outside click.
// The country is a native list: 34 choices in Mantine's floating list made a scrolling region no
// keyboard could reach (axe scrollable-region-focusable); a native one is reached with Tab,
// chosen with the keyboard (letters jump), and is the system's own picker on a phone.
import { Button, Group, Modal, NativeSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { TagInput } from '../../../components/tag-input';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { resetFeedFilters, setFeedFilters, useFeedFilters } from '../../../hooks/use-feed-filters';
import { chisme } from '../../../i18n/es/chisme';
import { common } from '../../../i18n/es/common';
import { filters as texts } from '../../../i18n/es/filters';
import { allCountriesCode, countries } from '../../../lib/countries';
import { toast } from '../../../lib/toast';
import type { Gender } from '../../../lib/feed-filters';
import { validateAgeRange } from '../utils/validate-filters';

const all = 'Todos';
const genderOptions = [all, chisme.gender.male, chisme.gender.female, chisme.gender.none];
const countryOptions = [
  { value: allCountriesCode, label: texts.allCountries },
  ...countries.filter((c) => c.inFilterList).map((c) => ({ value: c.name, label: c.name })),
];
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 2);

type FilterValues = { gender: string; country: string; from: string; to: string };

export function FilterModal({ onClose }: { onClose: () => void }) {
  const current = useFeedFilters();
  const [tags, setTags] = useState<string[]>(current.tags ?? []);
  const { form, onSubmit } = useFirstErrorForm<FilterValues>({
    name: 'filters',
    initialValues: {
      gender: current.gender ?? all,
      country: current.country ?? allCountriesCode,
      from: current.yearsFrom?.toString() ?? '',
      to: current.yearsTo?.toString() ?? '',
    },
    validate: (values) => {
      const range = validateAgeRange(values.from, values.to);
      return 'error' in range ? { field: range.field, message: range.error } : null;
    },
  });

  const apply = (values: FilterValues) => {
    const range = validateAgeRange(values.from, values.to);
    if ('error' in range) return;
    setFeedFilters({
      gender: values.gender === all ? null : (values.gender as Gender),
      country: values.country === allCountriesCode ? null : values.country,
      yearsFrom: range.from,
      yearsTo: range.to,
      tags: tags.length > 0 ? tags : null,
    });
    toast.success(texts.applied);
    onClose();
  };

  const clear = () => {
    resetFeedFilters();
    toast.success(texts.reset);
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={texts.title} closeOnClickOutside closeButtonProps={{ 'aria-label': common.close }} centered>
      <form onSubmit={onSubmit(apply)} noValidate>
        <Stack gap="sm">
          <Select
            label={texts.gender}
            data={genderOptions}
            {...form.getInputProps('gender')}
            onChange={(v) => form.setFieldValue('gender', v ?? all)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <NativeSelect label={texts.country} data={countryOptions} {...form.getInputProps('country')} />
          <SimpleGrid cols={2}>
            {(['from', 'to'] as const).map((field) => (
              <TextInput
                key={field}
                label={field === 'from' ? texts.ageFrom : texts.ageTo}
                inputMode="numeric"
                {...form.getInputProps(field)}
                onChange={(e) => form.setFieldValue(field, digitsOnly(e.currentTarget.value))}
                maxLength={2}
              />
            ))}
          </SimpleGrid>
          <TagInput label={texts.tags} value={tags} onChange={setTags} />
          <Group justify="space-between" mt="sm">
            <Button type="button" variant="default" onClick={clear}>
              {texts.clear}
            </Button>
            <Button type="submit">{texts.apply}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
