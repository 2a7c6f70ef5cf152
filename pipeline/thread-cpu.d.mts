export declare function cpuMsOfStat(stat: string): number | null;
export declare function ownThreadId(): number | null;
export declare function ownCpuClock(): (() => number | null) | null;
export declare function threadCpuMs(tid: number): number | null;
