// After sign-in, detect the country and log it once per page load.
import { useEffect } from 'react';
import { detectCountry } from '../api/detect-country';
import { logCountry } from '../api/log-country';

let logged = false;

export function useLogCountryOnce() {
  useEffect(() => {
    if (logged) return;
    logged = true;
    void detectCountry().then(logCountry);
  }, []);
}
