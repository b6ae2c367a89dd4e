// Placeholder; grows in a later issue.
