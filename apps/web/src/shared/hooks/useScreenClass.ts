import { screenClass } from '@yuan/contract/constants';
import { useEffect, useState } from 'react';

/** Screen size class of SPEC §2 (0–3), updated on resize. */
export function useScreenClass(): 0 | 1 | 2 | 3 {
  const [value, setValue] = useState(() => screenClass(window.innerWidth));
  useEffect(() => {
    const onResize = () => setValue(screenClass(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return value;
}
