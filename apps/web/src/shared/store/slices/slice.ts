import type { StateCreator } from 'zustand';
import type { AppStore } from '../types';

/** A part of the one store: it may read and set the whole state (sign-out also resets lists). */
export type Slice<T> = StateCreator<AppStore, [['zustand/persist', unknown]], [], T>;
