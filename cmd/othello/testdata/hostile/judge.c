/* A correct program in C: it hands the game to the judge it is given, as
   judge.sh does. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
	char *judge = getenv("JUDGE");
	if (judge == NULL) {
		fputs("no JUDGE\n", stderr);
		return 2;
	}
	execl(judge, judge, (char *)NULL);
	perror(judge);
	return 2;
}
