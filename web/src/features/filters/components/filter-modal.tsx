// "Filtrar Chismes": gender, country, age range and tags for every feed. Closes on outside click.
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { TagInput } from '../../../components/tag-input';
import { resetFeedFilters, setFeedFilters, useFeedFilters } from '../../../hooks/use-feed-filters';
import { chisme } from '../../../i18n/es/chisme';
import { common } from '../../../i18n/es/common';
import { filters as texts } from '../../../i18n/es/filters';
import { allCountriesCode, countries } from '../../../lib/countries';
import { toast } from '../../../lib/toast';
import type { Gender } from '../../../types/api';
import { validateAgeRange } from '../utils/validate-filters';

const all = 'Todos';
const genderOptions = [all, chisme.gender.male, chisme.gender.female, chisme.gender.none];
const countryOptions = [
  { value: allCountriesCode, label: texts.allCountries },
  ...countries.filter((c) => c.inFilterList).map((c) => ({ value: c.name, label: c.name })),
];
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 2);

export function FilterModal({ onClose }: { onClose: () => void }) {
  const current = useFeedFilters();
  const [gender, setGender] = useState<string>(current.gender ?? all);
  const [country, setCountry] = useState<string>(current.country ?? allCountriesCode);
  const [from, setFrom] = useState(current.yearsFrom?.toString() ?? '');
  const [to, setTo] = useState(current.yearsTo?.toString() ?? '');
  const [tags, setTags] = useState<string[]>(current.tags ?? []);
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const range = validateAgeRange(from, to);
    if ('error' in range) {
      setError(range.error);
      return;
    }
    setFeedFilters({
      gender: gender === all ? null : (gender as Gender),
      country: country === allCountriesCode ? null : country,
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
      <Stack gap="sm">
        <Select label={texts.gender} data={genderOptions} value={gender} onChange={(v) => setGender(v ?? all)} allowDeselect={false} comboboxProps={{ withinPortal: false }} />
        <Select label={texts.country} data={countryOptions} value={country} onChange={(v) => setCountry(v ?? allCountriesCode)} searchable allowDeselect={false} comboboxProps={{ withinPortal: false }} />
        <SimpleGrid cols={2}>
          <TextInput label={texts.ageFrom} inputMode="numeric" value={from} onChange={(e) => setFrom(digitsOnly(e.currentTarget.value))} maxLength={2} />
          <TextInput label={texts.ageTo} inputMode="numeric" value={to} onChange={(e) => setTo(digitsOnly(e.currentTarget.value))} maxLength={2} />
        </SimpleGrid>
        <TagInput label={texts.tags} value={tags} onChange={setTags} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between" mt="sm">
          <Button variant="default" onClick={clear}>
            {texts.clear}
          </Button>
          <Button onClick={apply}>{texts.apply}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
