// A correct program in Java: it hands the game to the judge it is given,
// as judge.sh does, so that the sandbox tests run a JVM.
public class Judge {
	public static void main(String[] args) throws Exception {
		Process p = new ProcessBuilder(System.getenv("JUDGE")).inheritIO().start();
		System.exit(p.waitFor());
	}
}
