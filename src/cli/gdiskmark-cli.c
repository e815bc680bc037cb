/* gdiskmark-cli.c: the headless front end's main: the language and the terminal, then the
 * command the command line names (gdiskmark-cli-commands.c). */
#include "config.h"

#include "gdiskmark-cli.h"

int
main (int argc, char **argv)
{
  init_i18n ();
  init_terminal ();
  return cli_dispatch (argc, argv);
}
