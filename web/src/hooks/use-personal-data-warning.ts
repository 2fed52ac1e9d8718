// The welcome rule "No compartas información personal" while typing: the same rule the
// database applies on save (lib/text-rules), shown as the field's warning before sending.
import { useDeferredValue, useMemo } from 'react';
import { safety } from '../i18n/es/safety';
import { findPersonalData } from '../lib/text-rules';

export function usePersonalDataWarning(text: string): string | null {
  const deferred = useDeferredValue(text);
  return useMemo(() => {
    // An empty field (every form's first render) carries nothing: the rule's first run compiles
    // its patterns, work a form's first paint need not do.
    if (!deferred.trim()) return null;
    const kind = findPersonalData(deferred);
    return kind ? safety.personalData(kind) : null;
  }, [deferred]);
}
