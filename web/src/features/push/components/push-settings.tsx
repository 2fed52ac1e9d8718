// "Avisos con Chismes cerrado" in the menu: this device on or off, which kinds, quiet hours in
// the person's time zone, the text on the lock screen (off by default), and the devices that
// receive them. Each change is saved at once (optimistically, rolled back with a toast).
import { ActionIcon, Divider, Group, NavLink, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconBellRinging, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import useSWR from 'swr';
import { push } from '../../../i18n/es/push';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { deleteDevice, getDevices, getSettings, pushKeys, type PushSettings as Settings, updateSettings } from '../api/push';
import { usePushDevice } from '../hooks/use-push-device';
import { PushStatusLine } from './push-status-line';

const texts = push.settings;
const dateOf = (iso: string) => new Date(iso).toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });

function PushSettingsPanel({ userId }: { userId: string }) {
  const device = usePushDevice(userId);
  const { data: settings, mutate } = useSWR(pushKeys.settings(userId), getSettings, { revalidateOnMount: true });
  const { data: devices, mutate: mutateDevices } = useSWR(pushKeys.devices(userId), getDevices, { revalidateOnMount: true });

  const save = (change: Partial<Settings>) => {
    if (!settings) return;
    void mutate(updateSettings(change), { optimisticData: { ...settings, ...change }, rollbackOnError: true, revalidate: false }).catch((error: unknown) =>
      toast.error(errorMessage(error, texts.saveFailed)),
    );
  };
  const saveTime = (field: 'quiet_start' | 'quiet_end', value: string) => {
    if (/^([01]\d|2[0-3]):[0-5]\d$/.test(value) && value !== settings?.[field]) save({ [field]: value });
  };

  return (
    <Stack gap="xs" px="sm" py={6} data-testid="push-settings">
      <Switch
        label={texts.thisDevice}
        checked={device.status === 'on'}
        disabled={!['on', 'off'].includes(device.status)}
        onChange={(event) => void (event.currentTarget.checked ? device.enable() : device.disable())}
      />
      <PushStatusLine status={device.status} />
      {settings && (
        <>
          {/* Switches, like the rest of the menu (and no further stylesheet before the first paint) */}
          <Stack gap={6} role="group" aria-labelledby="push-kinds-title">
            <Text size="sm" fw={500} id="push-kinds-title">
              {texts.kinds}
            </Text>
            <Switch size="xs" label={texts.comments} checked={settings.comments} onChange={(e) => save({ comments: e.currentTarget.checked })} />
            <Switch size="xs" label={texts.replies} checked={settings.replies} onChange={(e) => save({ replies: e.currentTarget.checked })} />
            <Switch size="xs" label={texts.likes} checked={settings.likes} onChange={(e) => save({ likes: e.currentTarget.checked })} />
          </Stack>
          <Switch
            label={texts.quietHours}
            description={texts.quietHelp(settings.time_zone)}
            checked={settings.quiet_hours}
            onChange={(event) => save({ quiet_hours: event.currentTarget.checked })}
          />
          {settings.quiet_hours && (
            <Group gap="xs" grow>
              <TextInput
                type="time"
                label={texts.quietFrom}
                defaultValue={settings.quiet_start}
                onBlur={(e) => saveTime('quiet_start', e.currentTarget.value)}
              />
              <TextInput type="time" label={texts.quietTo} defaultValue={settings.quiet_end} onBlur={(e) => saveTime('quiet_end', e.currentTarget.value)} />
            </Group>
          )}
          <Switch
            label={texts.showText}
            description={texts.showTextHelp}
            checked={settings.show_text}
            onChange={(event) => save({ show_text: event.currentTarget.checked })}
          />
        </>
      )}
      {devices && devices.length > 0 && (
        <>
          <Divider />
          <Text size="sm" fw={600} id="push-devices-title">
            {texts.devices}
          </Text>
          <Stack gap={4} component="ul" aria-labelledby="push-devices-title" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {devices.map((item) => (
              <Group key={item.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">
                  {item.user_agent_family}
                  {item.this_device ? ` (${texts.thisOne})` : ''} · {texts.since(dateOf(item.created_at))}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={texts.remove(item.user_agent_family)}
                  onClick={() =>
                    void deleteDevice(item.id)
                      .then(() =>
                        mutateDevices(
                          devices.filter((other) => other.id !== item.id),
                          { revalidate: false },
                        ),
                      )
                      .catch((error: unknown) => toast.error(errorMessage(error, texts.saveFailed)))
                  }
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** The menu entry; its settings load when it is opened. */
export function PushSettings({ userId }: { userId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <NavLink
      component="button"
      label={texts.title}
      leftSection={<IconBellRinging size={18} aria-hidden />}
      opened={opened}
      onChange={setOpened}
      childrenOffset={0}
      data-testid="menu-push"
    >
      {/* a child makes it expandable; the settings load only once it is opened */}
      {opened ? <PushSettingsPanel userId={userId} /> : <span />}
    </NavLink>
  );
}
