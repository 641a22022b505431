/** Unmounts what each test rendered (vitest runs without globals here, so Testing Library cannot register this itself). */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
