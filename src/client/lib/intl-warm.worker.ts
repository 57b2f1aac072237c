// Run once per page by the entry (main.tsx), on a thread of its own. A renderer's first Intl
// formatter loads the browser's number, date and time-zone data: measured 60-190 ms of one task
// in Chromium on this project's machine (so 0.25-0.75 s on a phone at a quarter the speed). That
// data is the process's, not the thread's: loaded here, the page's own first formatter takes
// under a millisecond (decision 044).
new Intl.NumberFormat('en-US').format(1);
new Intl.DateTimeFormat(undefined, { timeZone: 'America/New_York', hour: 'numeric' }).format(0);
self.close();
