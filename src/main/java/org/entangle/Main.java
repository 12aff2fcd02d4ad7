package org.entangle;

import java.util.OptionalInt;
import org.entangle.app.DesktopOptions;
import org.entangle.cli.EntangleCli;
import org.entangle.launch.SharedArchiveLauncher;

/**
 * Entry point of {@code entangle.jar}: with no arguments (or only desktop options such as
 * {@code --screenshot}) it opens the desktop workbench; otherwise it runs one command-line command and exits
 * with its status (0 success, 1 not a correct scan, 2 bad input or usage). Started from a jar, the workbench runs
 * in a child JVM with a class archive ({@link SharedArchiveLauncher}).
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (DesktopOptions.isDesktopInvocation(args)) {
            OptionalInt child = SharedArchiveLauncher.runDesktop(args);
            if (child.isPresent()) System.exit(child.getAsInt());
            org.entangle.app.EntangleApp.launchDesktop(args);
            return;
        }
        System.exit(EntangleCli.run(args));
    }
}
