// After sign-in, detect the country and log it: at most once per page load and person, and
// not again from this browser for the same person and country within 24 hours.
import { useEffect } from 'react';
import { detectCountry } from '../api/detect-country';
import { logCountry } from '../api/log-country';
import { countryLogDue, rememberCountryLogged } from '../utils/country-log-memory';

let loggedFor: string | null = null;

export function useLogCountryOnce(userId: string) {
  useEffect(() => {
    if (loggedFor === userId) return;
    loggedFor = userId;
    void detectCountry().then(async (country) => {
      if (!countryLogDue(localStorage, userId, country, Date.now())) return;
      if (await logCountry(country)) rememberCountryLogged(localStorage, userId, country, Date.now());
    });
  }, [userId]);
}
