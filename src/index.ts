/** skirmish-lab's scripting API: import from 'skirmish-lab'. */
export { InputError } from './errors.js';
