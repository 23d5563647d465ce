import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Bell from 'lucide-react/icons/bell';
import Cog from 'lucide-react/icons/cog';
import Power from 'lucide-react/icons/power';
import Save from 'lucide-react/icons/save';
import Truck from 'lucide-react/icons/truck';
import Wallet from 'lucide-react/icons/wallet';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from '../lib/router';
import { toast } from '../lib/toast';
import { SETTINGS_MESSAGES } from '../../domain/contracts/settings/settings';
import {
  SETTING_INFO,
  SETTING_KEYS,
  type SettingGroup,
  type SettingKey,
  parseSettingInput,
  validateSetting,
} from '../../domain/settings';
import { type BodyOf, call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { PageLoading, Spinner } from '../ui/spinner';
import { adminKeys } from './admin-api';
import { DispatchModeCard } from './dispatch-mode-card';
import { AdminHeader, LoadFailed } from './admin-states';
import { settingErrors } from './setting-errors';
import { type FieldState, SettingField } from './setting-field';

const GROUPS: { group: SettingGroup; title: string; description: string; icon: ReactNode; id?: string }[] = [
  {
    group: 'general',
    title: 'General',
    description: 'How HalalNosh names itself and where customers get help.',
    icon: <Cog aria-hidden="true" />,
  },
  {
    group: 'delivery',
    title: 'Delivery',
    description: 'Delivery area, fees and the platform’s share.',
    icon: <Truck aria-hidden="true" />,
  },
  {
    group: 'system',
    title: 'System Status',
    description: 'Pause the whole platform for maintenance.',
    icon: <Power aria-hidden="true" />,
  },
  {
    group: 'notifications',
    title: 'Notifications',
    description: 'Where operations alerts go.',
    icon: <Bell aria-hidden="true" />,
  },
  {
    group: 'pay',
    id: 'pay',
    title: 'Driver Pay',
    description:
      'Option A pays a fixed pickup plus a rate per mile; option B a share of the delivery fee. Changes apply to jobs created afterwards.',
    icon: <Wallet aria-hidden="true" />,
  },
];

/** A setting's value as the API carries it (each key's own rule is domain/settings.ts). */
type SettingValue = BodyOf<typeof endpoints.settings.putAdminSettingsByKey>['value'];

const asText = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The typed value of a field, or the rule it breaks. */
function check(key: SettingKey, draft: string): { ok: true; value: SettingValue } | { ok: false; message: string } {
  return validateSetting(key, parseSettingInput(SETTING_INFO[key].kind, draft));
}

/**
 * /admin/settings (super_admin, ops_manager): every tenant setting, saved one at a time on change or
 * with Save All. A value refused by the browser's check or by the server shows beside its editor
 * (by its path: docs/decisions/0219-one-form-kit.md); after Save All the first refused editor takes
 * the focus. The toast says what failed, with anything that names no editor.
 */
export function AdminSettingsPage() {
  useDocumentTitle('Settings');
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => call(endpoints.settings.getAdminSettings, { signal }),
  });
  const [fields, setFields] = useState<Partial<Record<SettingKey, FieldState>>>({});
  const { hash } = useLocation();
  const loaded = !!settings.data;
  const editors = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  // After Save All is refused, the first editor marked invalid takes the focus.
  useEffect(() => {
    if (focusRequest) editors.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  // /admin/settings#pay (the Drivers screen's link) lands on the pay card once it is shown.
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  // Server values fill every field that the admin is not in the middle of changing.
  useEffect(() => {
    const server = settings.data?.settings;
    if (!server) return;
    setFields((prev) => {
      const next: Partial<Record<SettingKey, FieldState>> = {};
      for (const key of SETTING_KEYS) {
        const p = prev[key];
        const dirty = p && (p.edited || p.error || p.saving);
        next[key] = dirty ? p : { draft: asText(server[key]), error: null, saving: false };
      }
      return next;
    });
  }, [settings.data]);

  const setField = (key: SettingKey, patch: Partial<FieldState>) =>
    setFields((prev) => ({
      ...prev,
      [key]: { ...(prev[key] ?? { draft: '', error: null, saving: false }), ...patch },
    }));

  const saveOne = useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: SettingValue }) =>
      call(endpoints.settings.putAdminSettingsByKey, { params: { key }, body: { value } }),
  });
  const saveAll = useMutation({
    mutationFn: (values: Record<string, SettingValue>) =>
      call(endpoints.settings.putAdminSettings, { body: { settings: values } }),
  });

  const commit = (key: SettingKey, raw?: string) => {
    const draft = raw ?? fields[key]?.draft ?? '';
    const server = settings.data?.settings[key];
    const c = check(key, draft);
    if (!c.ok) {
      setField(key, { draft, error: c.message });
      return;
    }
    if (c.value === server) {
      setField(key, { draft, error: null, edited: false });
      return;
    }
    setField(key, { draft, error: null, saving: true });
    saveOne.mutate(
      { key, value: c.value },
      {
        onSuccess: (data) => {
          queryClient.setQueryData(adminKeys.settings, data);
          setField(key, { draft: asText(data.settings[key]), saving: false, error: null, edited: false });
          toast.success(SETTINGS_MESSAGES.updated);
        },
        onError: (error) => {
          const shown = settingErrors(error, key);
          setField(key, { saving: false, error: shown.fields[key] ?? null });
          toast.error(SETTINGS_MESSAGES.updateFailed, { description: shown.form ?? undefined });
        },
      },
    );
  };

  const onSaveAll = () => {
    const values: Record<string, SettingValue> = {};
    let bad = 0;
    for (const key of SETTING_KEYS) {
      const c = check(key, fields[key]?.draft ?? '');
      if (c.ok) values[key] = c.value;
      else {
        bad++;
        setField(key, { error: c.message });
      }
    }
    if (bad) {
      toast.error(SETTINGS_MESSAGES.saveAllFailed, { description: 'Correct the fields marked in red.' });
      setFocusRequest((n) => n + 1);
      return;
    }
    saveAll.mutate(values, {
      onSuccess: (data) => {
        queryClient.setQueryData(adminKeys.settings, data);
        setFields(
          Object.fromEntries(
            SETTING_KEYS.map((k) => [k, { draft: asText(data.settings[k]), error: null, saving: false }]),
          ),
        );
        toast.success(SETTINGS_MESSAGES.savedAll);
      },
      onError: (error) => {
        const shown = settingErrors(error);
        for (const [key, message] of Object.entries(shown.fields) as [SettingKey, string][])
          setField(key, { error: message });
        const marked = Object.keys(shown.fields).length > 0;
        if (marked) setFocusRequest((n) => n + 1);
        toast.error(SETTINGS_MESSAGES.saveAllFailed, {
          description: shown.form ?? (marked ? 'Correct the fields marked in red.' : undefined),
        });
      },
    });
  };

  const header = (
    <AdminHeader
      title="Settings"
      note="Platform settings. Each change is saved when you leave the field, or all at once with Save All."
      actions={
        settings.data ? (
          <Button onClick={onSaveAll} disabled={saveAll.isPending}>
            {saveAll.isPending ? <Spinner className="size-4 text-primary-foreground" /> : <Save aria-hidden="true" />}
            Save All
          </Button>
        ) : null
      }
    />
  );

  if (settings.isPending)
    return (
      <div className="grid gap-6">
        {header}
        <PageLoading label="Loading settings..." />
      </div>
    );
  if (settings.isError) {
    return (
      <div className="grid gap-6">
        {header}
        <LoadFailed
          title={SETTINGS_MESSAGES.loadFailed}
          message={settings.error.message}
          onRetry={() => void settings.refetch()}
        />
      </div>
    );
  }
  const maintenance = settings.data.settings.maintenance_mode === true;
  return (
    <div className="grid gap-6">
      {header}
      {maintenance ? (
        <Alert variant="destructive" role="status">
          Maintenance mode is on: customers cannot place new orders.
        </Alert>
      ) : null}
      <div ref={editors} className="grid gap-6 xl:grid-cols-2">
        {GROUPS.map((g) => {
          const keys = SETTING_KEYS.filter((k) => SETTING_INFO[k].group === g.group);
          return (
            <Card key={g.group} id={g.id} className={g.group === 'pay' ? 'xl:col-span-2' : undefined}>
              <CardHeader>
                <CardTitle className="flex items-center gap-2 [&_svg]:size-5 [&_svg]:text-primary">
                  {g.icon}
                  {g.title}
                </CardTitle>
                <CardDescription>{g.description}</CardDescription>
              </CardHeader>
              <CardContent>
                <div className={g.group === 'pay' ? 'grid gap-4 md:grid-cols-2 xl:grid-cols-3' : 'grid gap-4'}>
                  {keys.map((key) => (
                    <div key={key} className="grid gap-1">
                      <SettingField
                        settingKey={key}
                        state={
                          fields[key] ?? { draft: asText(settings.data.settings[key]), error: null, saving: false }
                        }
                        onDraft={(draft) => setField(key, { draft, error: null, edited: true })}
                        onCommit={(value) => commit(key, value)}
                      />
                      {settings.data.meta[key]?.updatedByName ? (
                        <p className="text-xs text-muted-foreground">
                          Last changed by {settings.data.meta[key].updatedByName}
                          {settings.data.meta[key].updatedAt
                            ? `, ${formatDateTime(settings.data.meta[key].updatedAt!)}`
                            : ''}
                        </p>
                      ) : null}
                    </div>
                  ))}
                </div>
              </CardContent>
            </Card>
          );
        })}
        <DispatchModeCard />
      </div>
    </div>
  );
}
