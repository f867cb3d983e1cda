//! The checks made before a program is run at all: that the program itself
//! (`argv[0]`) can be started, for a known interpreter that the script it is asked to
//! run exists, and for `java` that its main class is on a class path of folders. Nothing else of the command line is looked at: other arguments
//! (`sh -c './sol'`, an output path) are the program's business, and a file the
//! program opens at run time is its own (a missing one is a crash, a real bug of it).

use std::path::{Path, PathBuf};

/// Why a program cannot be started, with a hint where one helps; `Ok` when it can.
///
/// # Errors
/// The message for the user: `argv[0]` is missing, not executable or a directory, the
/// script of a known interpreter (python3, python, node, ruby, perl, bash, sh,
/// `java -jar`, `java File.java`) does not exist, or `java`'s main class is on no folder
/// of its class path (`-cp`, `CLASSPATH`, else `.`; a class path with a jar is not
/// looked into).
pub fn check_program(argv: &[String]) -> Result<(), String> {
    let Some(program) = argv.first() else {
        return Err("no program given after `--`".into());
    };
    check_executable(program)?;
    if let Some(script) = script_of(argv) {
        let path = Path::new(script);
        if !path.exists() {
            return Err(format!(
                "`{script}` does not exist (the file `{}` is asked to run)",
                display_name(program)
            ));
        }
        if path.is_dir() {
            return Err(format!(
                "`{script}` is a directory (the file `{}` is asked to run)",
                display_name(program)
            ));
        }
    }
    if display_name(program) == "java" {
        let classpath = std::env::var("CLASSPATH").ok();
        check_java_class(&argv[1..], classpath.as_deref())?;
    }
    Ok(())
}

/// For `java ARGS`: its main class is a `.class` file in a folder of its class path
/// (`-cp`/`-classpath`/`--class-path`, else `env_classpath`, else `.`), or its source
/// file exists (`java Sol.java`). Nothing is checked for `-jar` (see [`script_of`]), a
/// module (`-m`), or a class path that holds anything but folders (a jar, a wildcard).
fn check_java_class(args: &[String], env_classpath: Option<&str>) -> Result<(), String> {
    // options that take the next argument as their value
    const WITH_VALUE: [&str; 10] = [
        "--module-path",
        "-p",
        "--add-modules",
        "--add-opens",
        "--add-exports",
        "--add-reads",
        "--patch-module",
        "--limit-modules",
        "--upgrade-module-path",
        "--enable-native-access",
    ];
    let mut classpath = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "-cp" | "-classpath" | "--class-path" => {
                classpath = args.get(i + 1).map(String::as_str);
                i += 2;
            }
            "-jar" | "-m" | "--module" => return Ok(()),
            _ if WITH_VALUE.contains(&a) => i += 2,
            _ if a.starts_with('-') => i += 1,
            _ => break,
        }
    }
    let Some(main) = args.get(i) else {
        return Ok(());
    };
    if main.ends_with(".java") {
        return if Path::new(main).is_file() {
            Ok(())
        } else {
            Err(format!(
                "`{main}` does not exist (the source file `java` is asked to run)"
            ))
        };
    }
    let classpath = classpath.or(env_classpath).unwrap_or(".");
    let folders: Vec<&str> = classpath.split(':').collect();
    if folders
        .iter()
        .any(|f| f.is_empty() || f.contains('*') || !Path::new(f).is_dir())
    {
        return Ok(());
    }
    let file = format!("{}.class", main.replace('.', "/"));
    if folders.iter().any(|f| Path::new(f).join(&file).is_file()) {
        return Ok(());
    }
    Err(format!(
        "no class `{main}` on the class path `{classpath}` (no `{file}` in it); hint: \
         compile it with `javac -d DIR` and give `java -cp DIR {main}`"
    ))
}

fn display_name(program: &str) -> &str {
    program.rsplit('/').next().unwrap_or(program)
}

/// `program` (a path when it has a `/`, else a name looked up on `PATH`) exists and may
/// be executed.
fn check_executable(program: &str) -> Result<(), String> {
    if program.contains('/') {
        let path = Path::new(program);
        if !path.exists() {
            return Err(format!("`{program}` does not exist"));
        }
        if path.is_dir() {
            return Err(format!("`{program}` is a directory"));
        }
        if !executable(path) {
            return Err(format!(
                "`{program}` is not executable (it has no execute bit); hint: `chmod +x \
                 {program}`, or name its interpreter before it (`-- python3 {program}`)"
            ));
        }
        return Ok(());
    }
    if on_path(program).is_some() {
        return Ok(());
    }
    let local = Path::new(".").join(program);
    if local.is_file() {
        return Err(format!(
            "`{program}` is not a program on PATH; hint: the file in this folder is \
             `./{program}` (a name without `/` is looked up on PATH only)"
        ));
    }
    Err(format!("`{program}` is not a program on PATH"))
}

/// The first executable file named `program` in a folder of `PATH`.
fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    find_in(program, &path)
}

/// The first executable file named `program` in a folder of `path` (a `PATH` value).
fn find_in(program: &str, path: &std::ffi::OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file() && executable(p))
}

/// Whether `p` may be executed: on Unix, some execute bit is set (a folder has them
/// too); elsewhere, it is a file.
fn executable(p: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        p.is_file()
    }
}

/// The script a known interpreter in `argv` is asked to run, if any: its first
/// argument that is not an option (or the argument of `java -jar`). `None` for an
/// unknown program, or when the code comes another way (`python3 -c`, `python3 -m`,
/// `sh -c`, `node -e`, `perl -e`, `ruby -e`, `-` for stdin).
pub fn script_of(argv: &[String]) -> Option<&str> {
    let name = display_name(argv.first()?);
    let args = &argv[1..];
    let family = if name == "java" {
        let at = args.iter().position(|a| a == "-jar")?;
        return args.get(at + 1).map(String::as_str);
    } else if name == "python" || name.starts_with("python3") || name.starts_with("pypy") {
        Family {
            code: &["-c", "-m"],
            with_value: &["-W", "-X", "-Q"],
        }
    } else if name == "node" || name == "nodejs" {
        Family {
            code: &["-e", "-p", "--eval", "--print"],
            with_value: &["-r", "--require", "--import", "--loader"],
        }
    } else if name == "ruby" {
        Family {
            code: &["-e"],
            with_value: &["-I", "-r", "-C"],
        }
    } else if name == "perl" {
        Family {
            code: &["-e", "-E"],
            with_value: &["-I", "-M", "-m"],
        }
    } else if matches!(name, "bash" | "sh" | "dash" | "zsh" | "ksh") {
        Family {
            code: &["-c"],
            with_value: &["-o", "-O", "+o", "+O"],
        }
    } else {
        return None;
    };
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            return args.get(i + 1).map(String::as_str).filter(|s| *s != "-");
        }
        if a == "-" {
            return None;
        }
        if family.code.contains(&a) {
            return None;
        }
        // a cluster of one-letter shell options holding `c` (`-ec`): code follows
        if family.code == ["-c"] && a.starts_with('-') && !a.starts_with("--") && a.contains('c') {
            return None;
        }
        // python's `-c`/`-m` with the value attached (`-mmodule`, `-Sc`)
        if family.code == ["-c", "-m"]
            && a.starts_with('-')
            && !a.starts_with("--")
            && a[1..].chars().any(|c| c == 'c' || c == 'm')
        {
            return None;
        }
        if family.with_value.contains(&a) {
            i += 2;
            continue;
        }
        if a.starts_with('-') || a.starts_with('+') {
            i += 1;
            continue;
        }
        return Some(a);
    }
    None
}

/// How an interpreter's command line names its code.
struct Family {
    /// Options after which the code is given inline (no script).
    code: &'static [&'static str],
    /// Options that take the next argument as their value.
    with_value: &'static [&'static str],
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(line: &str) -> Vec<String> {
        line.split(' ').map(String::from).collect()
    }

    #[test]
    fn the_script_of_known_interpreters() {
        let script = |line: &str| script_of(&argv(line)).map(str::to_string);
        assert_eq!(script("python3 sol.py --side 4").as_deref(), Some("sol.py"));
        assert_eq!(script("python3 -S -u sol.py").as_deref(), Some("sol.py"));
        assert_eq!(
            script("/usr/bin/python3.11 -W ignore sol.py").as_deref(),
            Some("sol.py")
        );
        assert_eq!(script("python3 -c print(1)"), None);
        assert_eq!(script("python3 -m mod"), None);
        assert_eq!(script("python3 -Sc print(1)"), None);
        assert_eq!(script("python3 -"), None);
        assert_eq!(script("python3 -S -- sol.py -x").as_deref(), Some("sol.py"));
        assert_eq!(script("python3 -- -"), None);
        assert_eq!(script("python3 --"), None);
        assert_eq!(script("pypy3 sol.py").as_deref(), Some("sol.py"));
        assert_eq!(
            script("node --stack-size=9000 sol.js").as_deref(),
            Some("sol.js")
        );
        assert_eq!(script("node -e 1"), None);
        assert_eq!(script("ruby -I lib sol.rb").as_deref(), Some("sol.rb"));
        assert_eq!(script("perl -e 1"), None);
        assert_eq!(script("perl sol.pl").as_deref(), Some("sol.pl"));
        assert_eq!(script("sh -c ./sol"), None);
        assert_eq!(script("bash -ec ./sol"), None);
        assert_eq!(script("bash -e run.sh out.txt").as_deref(), Some("run.sh"));
        assert_eq!(
            script("java -Xmx256m -jar sol.jar").as_deref(),
            Some("sol.jar")
        );
        assert_eq!(script("java Main"), None);
        assert_eq!(script("./sol out.txt"), None);
        assert_eq!(script("python3"), None);
    }

    #[test]
    fn a_missing_script_or_program_is_an_error_and_arguments_are_not_checked() {
        let check = |line: &str| check_program(&argv(line));
        assert!(check("sh /nonexistent/gamecheck.sh")
            .unwrap_err()
            .contains("`/nonexistent/gamecheck.sh` does not exist"));
        assert!(check("/nonexistent/gamecheck-sol")
            .unwrap_err()
            .contains("does not exist"));
        assert!(check("gamecheck-no-such-program")
            .unwrap_err()
            .contains("is not a program on PATH"));
        assert!(check("sh -c /nonexistent/sol").is_ok());
        assert!(check("sh /dev/null /nonexistent/output").is_ok());
        assert!(check("/").unwrap_err().contains("is a directory"));
    }

    /// A fresh folder holding `plain` (mode 644), `runnable` (755) and the folder
    /// `folder`; removed when dropped.
    struct Folder(PathBuf);

    impl Folder {
        fn new(name: &str) -> Folder {
            use std::os::unix::fs::PermissionsExt;
            let dir = std::env::temp_dir()
                .join(format!("gamecheck-preflight-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(dir.join("folder")).unwrap();
            for (file, mode) in [("plain", 0o644), ("runnable", 0o755)] {
                let path = dir.join(file);
                std::fs::write(&path, "#!/bin/sh\n").unwrap();
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
            }
            Folder(dir)
        }

        fn path(&self, name: &str) -> String {
            self.0.join(name).display().to_string()
        }
    }

    impl Drop for Folder {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn java_s_main_class_is_looked_for_on_a_class_path_of_folders() {
        let dir = Folder::new("java");
        std::fs::create_dir_all(dir.0.join("folder/pkg")).unwrap();
        std::fs::write(dir.0.join("folder/Sol.class"), "").unwrap();
        std::fs::write(dir.0.join("folder/pkg/Main.class"), "").unwrap();
        let cp = dir.path("folder");
        let check = |line: &str, env: Option<&str>| check_java_class(&argv(line), env);
        assert_eq!(check(&format!("-cp {cp} Sol .77"), None), Ok(()));
        assert_eq!(
            check(&format!("-Xmx64m -classpath {cp} pkg.Main"), None),
            Ok(())
        );
        assert_eq!(check("Sol", Some(&cp)), Ok(()));
        let missing = check(&format!("-cp {cp} Kayles .77"), None).unwrap_err();
        assert!(
            missing.contains("no class `Kayles` on the class path"),
            "{missing}"
        );
        assert!(missing.contains("javac -d DIR"), "{missing}");
        // no class path given: the current folder (this test's has no Sol.class)
        assert!(check("Sol", None).is_err());
        // not checked: a jar, a jar on the class path, a module, a missing class name
        assert_eq!(check("-jar sol.jar", None), Ok(()));
        assert_eq!(check(&format!("-cp {cp}:lib.jar Kayles"), None), Ok(()));
        assert_eq!(check("-m app/app.Main", None), Ok(()));
        assert_eq!(check("-version", None), Ok(()));
        // source-file mode
        let missing = check("Nothere.java", None).unwrap_err();
        assert!(
            missing.contains("`Nothere.java` does not exist"),
            "{missing}"
        );
        std::fs::write(dir.0.join("Sol.java"), "").unwrap();
        assert_eq!(check(&dir.path("Sol.java"), None), Ok(()));
    }

    #[test]
    #[cfg(unix)]
    fn a_path_must_be_an_executable_file() {
        let dir = Folder::new("path");
        assert_eq!(check_executable(&dir.path("runnable")), Ok(()));
        let plain = check_executable(&dir.path("plain")).unwrap_err();
        assert!(plain.contains("is not executable"), "{plain}");
        assert!(plain.contains("hint: `chmod +x "), "{plain}");
        let folder = check_executable(&dir.path("folder")).unwrap_err();
        assert!(folder.contains("is a directory"), "{folder}");
        assert!(executable(&dir.0.join("runnable")));
        assert!(!executable(&dir.0.join("plain")));
        assert!(!executable(&dir.0.join("missing")));
    }

    #[test]
    #[cfg(unix)]
    fn a_name_is_found_on_path_only_as_an_executable_file() {
        let dir = Folder::new("names");
        let path =
            std::env::join_paths(["/nonexistent/gamecheck".as_ref(), dir.0.as_path()]).unwrap();
        assert_eq!(find_in("runnable", &path), Some(dir.0.join("runnable")));
        assert_eq!(find_in("plain", &path), None);
        assert_eq!(find_in("folder", &path), None);
        assert_eq!(find_in("missing", &path), None);
    }
}
