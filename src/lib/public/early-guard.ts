// The first lines a signed-in screen runs, inline in <head> before anything paints: with no session stored in this
// browser the page goes to /login at once, and an admin screen opened by a signed-in non-admin goes to /dashboard,
// so the screen's frame (drawn from the HTML) is only ever painted for someone who may be signed in. The route guard
// decides again once the auth client has checked the session; row-level security is what actually protects the data.

/**
 * The inline script for a signed-in screen. It reads the session where supabase-js keeps it for `supabaseUrl`
 * (`sb-<first label of the API host>-auth-token`), deriving the key in the browser from the URL as written in the page.
 */
export function earlyGuardScript(supabaseUrl: string, requireAdmin: boolean): string {
  return (
    '(()=>{let s=null;try{s=JSON.parse(localStorage.getItem("sb-"+new URL(' +
    JSON.stringify(supabaseUrl) +
    ').hostname.split(".")[0]+"-auth-token"))}catch{}' +
    'if(!s||typeof s.access_token!=="string"||typeof s.refresh_token!=="string"){location.replace("/login");return}' +
    (requireAdmin ? 'if(s.user?.app_metadata?.role!=="admin")location.replace("/dashboard")' : '') +
    '})()'
  );
}
