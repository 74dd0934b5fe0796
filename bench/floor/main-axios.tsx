/** The stack floor (main.tsx) plus an axios client, as the app's API client makes one. */
import axios from 'axios';
import './main';

Object.assign(window, { api: axios.create({ withCredentials: true, headers: { Accept: 'application/json' } }) });
