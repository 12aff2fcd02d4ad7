package org.entangle.cuda;

import java.nio.file.Path;

/**
 * Entangle's folder in the user's cache, following the XDG base directory specification: {@code $XDG_CACHE_HOME/entangle},
 * else {@code ~/.cache/entangle}. What is kept there can be rebuilt at any time: the compiled CUDA kernels
 * ({@link NvccCompiler}).
 */
public final class UserCache {

    private UserCache() {
    }

    /** The sub-folder {@code name} of Entangle's cache folder. */
    public static Path folder(String name) {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("entangle").resolve(name);
    }
}
