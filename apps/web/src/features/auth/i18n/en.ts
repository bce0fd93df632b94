/** The English strings of the auth feature; `i18n/en.ts` merges them into the catalogue. */
export const authEn = {
  auth: {
    setup_title: "Welcome to Plotline",
    setup_intro: "Create the first account. It will be the site manager, able to add people and manage every project.",
    setup_submit: "Create account and start",
    login_title: "Sign in to Plotline",
    login_submit: "Sign in",
    display_name: "Your name",
    email: "E-mail address",
    password: "Password",
    password_hint: "At least 8 characters, hard to guess: a few uncommon words work well",
    strength_label: "Strength of the password: {{level}}",
    strength_weak: "Weak",
    strength_fair: "Fair",
    strength_good: "Good",
    strength_strong: "Strong",
    show_password: "Show or hide the password",
    signed_out: "You are signed out.",
  },
} as const;
